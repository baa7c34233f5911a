"use client";

import PageError from "./error";
import "./globals.css";

/**
 * When the root layout itself fails (it reads the signed-in person, so a database that does not
 * answer fails every page there), this replaces it: the same message, without the header.
 */
export default function GlobalError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        <main id="main" className="mx-auto max-w-7xl px-4 py-8">
          <PageError {...props} />
        </main>
      </body>
    </html>
  );
}

"use client";

import Link from "next/link";

/**
 * What a page shows when it fails unexpectedly (a database that does not answer, a bug), in place
 * of Next's bare "Application error": the header stays, so the rest of Callboard is a click away.
 * In production React passes no message from the server, only the digest that the server's log
 * carries beside the error, which is what someone looking into it needs.
 */
export default function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div role="alert" className="py-16 text-center">
      <h1 className="text-2xl font-semibold">This page could not be loaded</h1>
      <p className="mt-2 text-slate-600">Something went wrong on the server while loading it. Trying again helps when the database was briefly unavailable.</p>
      {error.digest ? (
        <p className="mt-2 text-sm text-slate-500">
          Reference in the server&apos;s log: <code>{error.digest}</code>
        </p>
      ) : null}
      <div className="mt-4 flex justify-center gap-4">
        <button type="button" onClick={reset} className="rounded bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700">
          Try again
        </button>
        <Link href="/" className="py-1.5 text-sm text-indigo-700 hover:underline">
          Back to the overview
        </Link>
      </div>
    </div>
  );
}

import Link from "next/link";

/** What `forbidden()` shows: signed in, but the role does not allow this page. */
export default function Forbidden() {
  return (
    <div className="py-16 text-center">
      <h1 className="text-2xl font-semibold">Not allowed</h1>
      <p className="mt-2 text-slate-600">Your role does not allow this page. Ask an admin if you need it.</p>
      <Link href="/" className="mt-4 inline-block text-indigo-700 hover:underline">Back to the overview</Link>
    </div>
  );
}

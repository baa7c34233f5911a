import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/accounts/text-field";
import { SignInForm } from "@/components/accounts/sign-in-form";
import { safeNextPath } from "@/lib/accounts/safe-next";
import { hasAnyUser } from "@/lib/accounts/server/current-user";
import { currentUser } from "@/lib/accounts/server/guard";
import { getPrisma } from "@/lib/platform/db/client";
import { firstValues, type SearchParams } from "@/lib/platform/table-query";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in" };

/** Public: a new installation goes to the first-run screen, someone signed in goes on. */
export default async function SignInPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const next = safeNextPath(firstValues(await searchParams).next);
  if (!(await hasAnyUser(getPrisma()))) redirect("/setup");
  if (await currentUser()) redirect(next);
  return (
    <AuthCard title="Sign in" description="No account yet? Ask an admin of this Callboard for an invitation link.">
      <SignInForm next={next} />
    </AuthCard>
  );
}

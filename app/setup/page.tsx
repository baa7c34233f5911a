import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SetupForm } from "@/components/accounts/setup-form";
import { AuthCard } from "@/components/accounts/text-field";
import { hasAnyUser } from "@/lib/accounts/server/current-user";
import { getPrisma } from "@/lib/platform/db/client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Set up Callboard" };

/** The first-run screen: only while nobody has an account; the action checks again. */
export default async function SetupPage() {
  if (await hasAnyUser(getPrisma())) redirect("/sign-in");
  return (
    <AuthCard
      title="Welcome to Callboard"
      description={
        <>
          <p>Create the first account. It is an admin: it can invite the rest of your team and choose what each person may do.</p>
          <p className="mt-2">Keep the password safe: Callboard sends no email, so it cannot be reset by mail.</p>
        </>
      }
    >
      <SetupForm />
    </AuthCard>
  );
}

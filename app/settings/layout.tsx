import { NavLink } from "@/components/ui/nav-link";
import { can } from "@/lib/accounts/roles";
import { currentUser } from "@/lib/accounts/server/guard";

/** Tabs for what the role can use here; each page checks the role itself. */
export default async function SettingsLayout({ children }: { children: React.ReactNode }) {
  const user = await currentUser();
  return (
    <>
      {user && can(user.role, "manage-members") ? (
        <nav aria-label="Settings" className="mb-6">
          <ul className="flex gap-1">
            <li><NavLink href="/settings" exact>Members</NavLink></li>
            <li><NavLink href="/settings/tokens">API tokens</NavLink></li>
          </ul>
        </nav>
      ) : null}
      {children}
    </>
  );
}

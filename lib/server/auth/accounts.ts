/**
 * Accounts: the first admin, sign-in, invitations, members and API tokens. Each service takes the
 * Prisma client first, and the Better Auth instance when it touches passwords or sessions
 * (getAuth() in the app, createAuth(prisma, { nextCookies: false }) in scripts and tests).
 * They throw AccountError with a message for the person; lib/actions turn it into form state.
 */
export { AccountError } from "./errors";
export { bootstrapAdmin, createFirstAdmin, type NewAccount, type SignedIn } from "./first-admin";
export { REMOVED_ACCOUNT, signIn, signOut, WRONG_CREDENTIALS } from "./sign-in";
export {
  acceptInvitation,
  createInvitation,
  INVITATION_DAYS,
  invitationForToken,
  listInvitations,
  revokeInvitation,
  UNUSABLE_LINK,
  type InvitationLookup,
  type InvitationRow,
} from "./invitations";
export { deactivateMember, listMembers, setMemberRole, type MemberRow } from "./members";
export { createApiToken, listApiTokens, listOthersActiveTokens, MAX_ACTIVE_TOKENS, revokeApiToken, type ApiTokenRow } from "./manage-api-tokens";

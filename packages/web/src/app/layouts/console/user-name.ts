/**
 * The name the sidebar shows for the signed-in customer: the nickname, else the local part of the email
 * ("ann" of "ann@example.com", the email itself when it has none); `fallback` only while nothing is known.
 */
export function sidebarName(
  user: { nickname?: string | null; email?: string | null } | undefined,
  fallback: string,
): string {
  const nickname = user?.nickname?.trim();
  if (nickname) return nickname;
  const email = user?.email?.trim();
  if (!email) return fallback;
  const at = email.lastIndexOf('@');
  return at > 0 ? email.slice(0, at) : email;
}

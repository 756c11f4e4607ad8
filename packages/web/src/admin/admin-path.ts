/** Where the console lives: the server puts ADMIN_PATH on `<html data-admin-path>`; /admin otherwise (development). */
export function adminPath(): string {
  return document.documentElement.dataset.adminPath ?? '/admin';
}

/** Endpoints of the site feature (portal and, with role 'admin', staff). Filled in by the site feature. */
export {};

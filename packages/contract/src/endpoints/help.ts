/** Endpoints of the help feature (portal and, with role 'admin', staff). Filled in by the help feature. */
export {};

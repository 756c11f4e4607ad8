/** Endpoints of the tickets feature (portal and, with role 'admin', staff). Filled in by the tickets feature. */
export {};

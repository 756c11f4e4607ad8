/** Tables of the tickets feature (name -> row interface); Database includes them. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface TicketTables {}

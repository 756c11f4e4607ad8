/** Tables of the help feature (name -> row interface); Database includes them. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface HelpTables {}

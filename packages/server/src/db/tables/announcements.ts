/** Tables of the announcements feature (name -> row interface); Database includes them. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AnnouncementTables {}

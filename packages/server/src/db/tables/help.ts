/** Tables of the help feature (name -> row interface); Database includes them. */
export interface HelpDocumentRatingsTable {
  document_id: number;
  user_id: number;
  /** 1-5 */
  rating: number;
  feedback: string | null;
  created_at: string;
  updated_at: string;
}

export interface HelpTables {
  help_document_ratings: HelpDocumentRatingsTable;
}

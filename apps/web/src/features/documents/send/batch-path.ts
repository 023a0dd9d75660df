/** The batch page of an upload that produced several documents (spec 3 §4). */
export const batchPath = (batchName: string) => `/batch/${encodeURIComponent(batchName)}`;

// The route entry of /documentlist/{documentTypeId}; the screen lives in ./list.
export { DocumentListPage } from './list/document-list-page';

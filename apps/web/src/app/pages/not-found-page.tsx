// The content lives in components/ so that feature pages can show it for ids that name nothing.
export { NotFoundPage } from '../../components/page-not-found';

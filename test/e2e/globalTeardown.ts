import { stopSharedN8n } from './sharedN8n';

export default stopSharedN8n;

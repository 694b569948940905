import { startSharedN8n } from './sharedN8n';

export default startSharedN8n;

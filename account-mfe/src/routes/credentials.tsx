// Exposed route module './credentials' (/account/credentials).
import { CredentialsPage } from '../credentials/CredentialsPage';
import { credentialsAction, credentialsLoader } from '../credentials/credentialsRoute';

export const handle = { title: 'Credentials' };
export const loader = credentialsLoader;
export const action = credentialsAction;
export const Component = CredentialsPage;

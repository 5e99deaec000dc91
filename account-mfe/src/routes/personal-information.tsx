// Exposed route module './personal-information' (/account/personal-information).
import { PersonalInformationPage } from '../personal-information/PersonalInformationPage';
import {
  personalInformationAction,
  personalInformationLoader,
} from '../personal-information/personalInformationRoute';

export const handle = { title: 'Personal information' };
export const loader = personalInformationLoader;
export const action = personalInformationAction;
export const Component = PersonalInformationPage;

export { authRoutes } from './auth.routes.js';
export { mailRoutes } from './mail.routes.js';
export { oidcRoutes } from './oidc.routes.js';
export { confirmCurrentPassword } from './auth.service.js';
export { insertSession, listSessions } from './login.repository.js';
export {
  deliver,
  dropLinks,
  EMAIL_LINK_HOURS,
  issueLinks,
  LINK_PAGES,
  linkUrl,
  notify,
  prepareActivation,
} from './mail-links.js';
export { emailChangeNoticeMail, emailConfirmMail, passwordChangedMail } from './mail-texts.js';
export { registerMailThrottle, registerSignInThrottle } from './throttle.js';

// The texts of the emails the app sends. Pure: the caller supplies the link.
import { PRODUCT_NAME } from './product';

export interface MailText {
  subject: string;
  text: string;
}

/** The reset email names no user-supplied text, so nobody can plant words above the link. */
export function resetPasswordMail(link: string, validFor: string): MailText {
  return {
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: `Hello,\n\nSomeone asked to reset the password of your ${PRODUCT_NAME} account. To choose a new password, open this link within ${validFor}:\n\n${link}\n\nIf it wasn't you, ignore this email: your password stays as it is.\n\nThe ${PRODUCT_NAME} team`,
  };
}

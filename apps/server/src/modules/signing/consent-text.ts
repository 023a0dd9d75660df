/**
 * The consent to do business electronically (ESIGN Act § 101(c), UETA § 5) a user gives before the
 * first electronic signature. The version is recorded with each consent and with each signing;
 * changing the text means a new version, and users consent again before their next signature.
 */
export const ESIGN_CONSENT_VERSION = '2026-11-1';

export const ESIGN_CONSENT_TEXT = `Consent to use electronic records and signatures

By selecting "I agree", you consent, on behalf of yourself and the company you act for in Flowline, to receive, review and sign documents (such as division orders) electronically, and you agree that your electronic signature — the signature you draw or type and apply in Flowline — is the legal equivalent of your handwritten signature on the document it is applied to.

Scope. This consent covers each document you sign or return through Flowline while it is in effect.

Paper copies. You may ask the company that sent you a document for a paper copy of it at any time, at no charge, by contacting that company directly. You can also download and print every document you can open in Flowline, including the signed document and its certificate of completion.

Withdrawing consent. You may withdraw this consent at any time by contacting the company that sent you the document, or Flowline support, and by not signing further documents electronically. Withdrawing does not affect the legal effect of documents you signed electronically before you withdrew; the sender may then send you documents on paper instead.

Hardware and software. To access and keep electronic records you need a current web browser, a device able to open PDF files, and an e-mail address. You may keep a copy of each record by downloading it. If these requirements change in a way that affects your ability to access or keep records, you will be asked to consent again.

Keeping your contact information current. Keep your e-mail address in your Flowline profile current so that notices reach you.

Flowline records the version of this text you agreed to, when, from which IP address and with which browser, together with each signature you apply.`;

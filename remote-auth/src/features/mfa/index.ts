/**
 * The second factor's reusable parts (issue #16), for the enrolment step of a sign-in
 * (features/mfa-signin) and Mi cuenta › Seguridad: TOTP setup (QR, manual key, first code), the
 * recovery codes shown once, the enrolment calls and how their errors read. Texts in the
 * `remote-auth-mfa` namespace (i18n/mfa-namespace.ts).
 */
export { TotpSetup, groupKey, type TotpEnrolment, type TotpSetupProps } from './TotpSetup';
export { TotpQr } from './TotpQr';
export { RecoveryCodesPanel, recoveryCodesFile, type RecoveryCodesPanelProps } from './RecoveryCodesPanel';
export { useActivateTotpMutation, useEnrolTotpMutation } from './api';
export { isMfaLocked, isWrongCode } from './errors';

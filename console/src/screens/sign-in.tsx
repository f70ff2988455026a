// Sign-in: email and password, then a TOTP code when the account has one; or single sign-on.
// Loaded with the frame (not lazily): it is the first screen of a signed-out visit.
import { FormEvent, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { fetchSession, signInWithPassword, signInWithTotp, SSO_START_URL } from '../api/auth';
import { ApiRequestError } from '../api/csrf';
import { SESSION_KEY } from '../api/queries';
import { LOCALES, Locale, useI18n } from '../i18n/i18n';

export function SignInPage() {
  const { t, locale, setLocale } = useI18n();
  const [, navigate] = useLocation();
  const search = useSearch();
  const client = useQueryClient();
  // A sign-in link of an account with TOTP lands here with step=totp (the pending cookie is set).
  const [step, setStep] = useState<'password' | 'totp'>(() => (new URLSearchParams(search).get('step') === 'totp' ? 'totp' : 'password'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    document.title = `${t('signIn.title')} · Vigil`;
  }, [t]);
  useEffect(() => {
    if (step === 'totp') codeInput.current?.focus();
  }, [step]);

  const next = safeNext(new URLSearchParams(search).get('next'));
  const ssoError = new URLSearchParams(search).get('error');

  const finish = async (passwordRequired: boolean) => {
    // Fetched now, not merely invalidated: the signed-out answer (null) cached before would
    // otherwise send the gate straight back here while it refetches.
    await client.fetchQuery({ queryKey: SESSION_KEY, queryFn: fetchSession, staleTime: 0 });
    // Signed in by a link without a password yet: the account page asks for one first.
    navigate(passwordRequired ? '/account?setup=1' : next, { replace: true });
  };

  const describe = (failure: unknown): string => {
    if (failure instanceof ApiRequestError) {
      if (failure.code === 'invalid_credentials') return step === 'totp' ? t('signIn.invalidCode') : t('signIn.invalidCredentials');
      if (failure.code === 'too_many_attempts') return t('signIn.tooMany', { seconds: failure.retryAfter ?? 60 });
      if (failure.status === 401 && step === 'totp') return t('signIn.totpExpired');
    }
    return t('signIn.failed');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = step === 'password' ? await signInWithPassword(email.trim(), password) : await signInWithTotp(code.replace(/\s/g, ''));
      if (result.state === 'totp_required') {
        setStep('totp');
        setPassword('');
      } else await finish(result.passwordRequired === true);
    } catch (failure) {
      setError(describe(failure));
      if (step === 'totp' && failure instanceof ApiRequestError && failure.status === 401 && failure.code !== 'invalid_credentials')
        setStep('password');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="signin-page">
      <main className="signin-card" aria-labelledby="signin-title">
        <div className="brand signin-brand">
          <span className="brand-mark" aria-hidden="true">
            V
          </span>
          <span className="brand-name">Vigil Console</span>
        </div>
        <h1 id="signin-title" ref={heading}>
          {step === 'password' ? t('signIn.title') : t('signIn.totpTitle')}
        </h1>
        {(error || ssoError) && (
          <p className="alert alert-error" role="alert">
            {error ?? t(redirectErrorMessage(ssoError))}
          </p>
        )}
        <form onSubmit={(event) => void submit(event)} noValidate={false}>
          {step === 'password' ? (
            <>
              <div className="field">
                <label htmlFor="signin-email">{t('signIn.email')}</label>
                <input
                  id="signin-email"
                  type="email"
                  autoComplete="username"
                  required
                  autoFocus
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                />
              </div>
              <div className="field">
                <label htmlFor="signin-password">{t('signIn.password')}</label>
                <input
                  id="signin-password"
                  type="password"
                  autoComplete="current-password"
                  required
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
              </div>
            </>
          ) : (
            <div className="field">
              <label htmlFor="signin-code">{t('signIn.code')}</label>
              <input
                id="signin-code"
                ref={codeInput}
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9 ]{6,8}"
                required
                aria-describedby="signin-code-hint"
                value={code}
                onChange={(event) => setCode(event.target.value)}
              />
              <p id="signin-code-hint" className="hint">
                {t('signIn.codeHint')}
              </p>
            </div>
          )}
          <button type="submit" className="button button-primary button-block" disabled={busy}>
            {busy ? t('signIn.signingIn') : step === 'password' ? t('signIn.submit') : t('signIn.verify')}
          </button>
        </form>
        {step === 'password' ? (
          <>
            <div className="divider" role="separator">
              <span>{t('signIn.or')}</span>
            </div>
            <a className="button button-block" href={SSO_START_URL}>
              {t('signIn.sso')}
            </a>
          </>
        ) : (
          <button type="button" className="button button-ghost button-block" onClick={() => setStep('password')}>
            {t('signIn.back')}
          </button>
        )}
        <label className="signin-language">
          <span>{t('shell.language')}</span>
          <select value={locale} onChange={(event) => setLocale(event.target.value as Locale)}>
            {LOCALES.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </main>
    </div>
  );
}

/** Only a path of the console itself: an absolute or protocol-relative `next` would be an open redirect. */
function safeNext(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  return value;
}

/** The message of a sign-in redirect's `?error=` code (a sign-in link, single sign-on: docs/console.md);
 * codes without a message of their own say that single sign-on did not complete. */
function redirectErrorMessage(code: string | null) {
  switch (code) {
    case 'link_invalid':
      return 'signIn.linkInvalid' as const;
    case 'sso_not_configured':
      return 'signIn.ssoNotConfigured' as const;
    case 'sso_unknown_user':
      return 'signIn.ssoUnknownUser' as const;
    case 'sso_account_deactivated':
      return 'signIn.ssoDeactivated' as const;
    case 'sso_state_invalid':
      return 'signIn.ssoStateInvalid' as const;
    default:
      return 'signIn.ssoFailed' as const;
  }
}

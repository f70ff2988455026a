// The frame around every signed-in screen: skip link, sidebar navigation, top bar (workspace,
// language, user menu) and the keyboard shortcuts (g h / g p / g r / g s, / for search, ? for help).
import { ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { Role, roleAtLeast, signOut, switchWorkspace } from '../api/auth';
import { SESSION_KEY, useConsoleSession } from '../api/queries';
import type { MessageKey } from '../i18n/en';
import { LOCALES, Locale, useI18n } from '../i18n/i18n';
import { Icon, IconName } from '../ui/icons';

const NAV: { href: string; label: MessageKey; icon: IconName; key: string; role?: Role }[] = [
  { href: '/', label: 'nav.home', icon: 'home', key: 'h' },
  { href: '/profiles', label: 'nav.profiles', icon: 'profiles', key: 'p' },
  { href: '/review', label: 'nav.review', icon: 'review', key: 'r' },
  { href: '/sessions', label: 'nav.sessions', icon: 'sessions', key: 's' },
  { href: '/screening', label: 'nav.screening', icon: 'shield', key: 'w' },
  { href: '/screening/batches', label: 'nav.screeningBatches', icon: 'sessions', key: 'b' },
  { href: '/risk', label: 'nav.risk', icon: 'shield', key: 'a' },
  { href: '/monitoring', label: 'nav.monitoring', icon: 'bell', key: 'm' },
  { href: '/audit', label: 'nav.audit', icon: 'key', key: 'l', role: 'reviewer' },
  // The workspace's figures over time and its queue ages: every role reads them.
  { href: '/analytics', label: 'nav.analytics', icon: 'chart', key: 'y' },
  // Proposals waiting for a second person: deciding them needs the reviewer role.
  { href: '/approvals', label: 'nav.approvals', icon: 'check', key: 'c', role: 'reviewer' },
  // The workspace's settings (four eyes): admins change them, everyone reads them.
  { href: '/settings', label: 'nav.settings', icon: 'key', key: 't' },
  // Shown to admins only (the API refuses the users list to every other role).
  { href: '/users', label: 'nav.users', icon: 'users', key: 'u', role: 'admin' },
];

/** Another entry of the nav lies under `href` and holds `location` (its own link is the current one). */
function deeperNavMatch(href: string, location: string): boolean {
  return NAV.some((other) => other.href.length > href.length && other.href.startsWith(`${href}/`) && location.startsWith(other.href));
}

export function Shell({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const [location, navigate] = useLocation();
  const role = useConsoleSession().data?.role;
  const [help, setHelp] = useState(false);
  const toggleHelp = useCallback(() => setHelp((open) => !open), []);
  useShortcuts(navigate, toggleHelp);
  useFocusOnNavigate(location);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('shell.skip')}
      </a>
      <aside className="sidebar" aria-label={t('shell.navigation')}>
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            V
          </span>
          <span className="brand-name">Vigil</span>
        </div>
        <nav aria-label={t('shell.navigation')}>
          <ul>
            {NAV.filter((item) => !item.role || roleAtLeast(role, item.role)).map((item) => {
              const active = item.href === '/' ? location === '/' : location.startsWith(item.href) && !deeperNavMatch(item.href, location);
              return (
                <li key={item.href}>
                  <Link href={item.href} className={active ? 'nav-link active' : 'nav-link'} aria-current={active ? 'page' : undefined}>
                    <Icon name={item.icon} />
                    <span>{t(item.label)}</span>
                    <kbd className="nav-key" aria-hidden="true">
                      g {item.key}
                    </kbd>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </aside>
      <div className="main-column">
        <TopBar />
        <main id="main" tabIndex={-1} className="content">
          {children}
        </main>
      </div>
      {help && <ShortcutHelp close={() => setHelp(false)} />}
    </div>
  );
}

function TopBar() {
  const { t, locale, setLocale } = useI18n();
  const session = useConsoleSession().data;
  const client = useQueryClient();
  const [switching, setSwitching] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!session) return null;
  const changeWorkspace = async (workspaceId: string) => {
    setSwitching(true);
    setError(null);
    try {
      await switchWorkspace(workspaceId);
      // Everything cached belongs to the previous workspace.
      client.clear();
      await client.refetchQueries({ queryKey: SESSION_KEY });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSwitching(false);
    }
  };
  return (
    <header className="topbar">
      <label className="topbar-field">
        <Icon name="building" />
        <span className="sr-only">{t('shell.workspace')}</span>
        {session.workspaces.length > 1 ? (
          <select value={session.workspace.id} disabled={switching} onChange={(event) => void changeWorkspace(event.target.value)}>
            {session.workspaces.map((workspace) => (
              <option key={workspace.id} value={workspace.id}>
                {workspace.name}
              </option>
            ))}
          </select>
        ) : (
          <span className="topbar-text">{session.workspace.name}</span>
        )}
      </label>
      <span className="badge badge-neutral" title={t('shell.role')}>
        {t(`role.${session.role}`)}
      </span>
      {error && (
        <span role="alert" className="error-text">
          {error}
        </span>
      )}
      <div className="topbar-spacer" />
      <label className="topbar-field">
        <Icon name="globe" />
        <span className="sr-only">{t('shell.language')}</span>
        <select value={locale} onChange={(event) => setLocale(event.target.value as Locale)}>
          {LOCALES.map((option) => (
            <option key={option.id} value={option.id} lang={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <UserMenu name={session.user.name ?? session.user.email} email={session.user.email} />
    </header>
  );
}

function UserMenu({ name, email }: { name: string; email: string }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const client = useQueryClient();
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const first = menu.current?.querySelector<HTMLElement>('[role="menuitem"]');
    first?.focus();
    const close = (event: MouseEvent) => {
      if (!menu.current?.parentElement?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);
  const onKeyDown = (event: React.KeyboardEvent) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      setOpen(false);
      menu.current?.parentElement?.querySelector<HTMLElement>('button')?.focus();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      items[(index + 1) % items.length]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      items[(index - 1 + items.length) % items.length]?.focus();
    }
  };
  return (
    <div className="menu-wrap">
      <button type="button" className="button button-ghost" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)}>
        <Icon name="user" />
        <span className="user-name">{name}</span>
        <Icon name="chevronDown" size={14} />
      </button>
      {open && (
        <div className="menu" role="menu" ref={menu} aria-label={email} onKeyDown={onKeyDown}>
          <p className="menu-caption">{email}</p>
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              navigate('/account');
            }}
          >
            <Icon name="key" /> {t('shell.account')}
          </button>
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              void signOut().finally(() => {
                client.clear();
                navigate('/sign-in');
              });
            }}
          >
            <Icon name="signOut" /> {t('shell.signOut')}
          </button>
        </div>
      )}
    </div>
  );
}

function ShortcutHelp({ close }: { close: () => void }) {
  const { t } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const rows: [string, MessageKey][] = [
    ['g h', 'nav.home'],
    ['g p', 'nav.profiles'],
    ['g r', 'nav.review'],
    ['g s', 'nav.sessions'],
    ['g w', 'nav.screening'],
    ['g b', 'nav.screeningBatches'],
    ['g a', 'nav.risk'],
    ['g m', 'nav.monitoring'],
    ['g l', 'nav.audit'],
    ['g c', 'nav.approvals'],
    ['g t', 'nav.settings'],
    ['g u', 'nav.users'],
    ['/', 'shortcut.search'],
    ['j / k', 'shortcut.rows'],
    ['n', 'shortcut.next'],
    ['?', 'shortcut.help'],
  ];
  return (
    <dialog ref={dialog} className="dialog" aria-labelledby="shortcut-title" onClose={close}>
      <h2 id="shortcut-title">{t('shortcut.title')}</h2>
      <dl className="shortcut-list">
        {rows.map(([keys, label]) => (
          <div key={keys}>
            <dt>
              <kbd>{keys}</kbd>
            </dt>
            <dd>{t(label)}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className="button" onClick={() => dialog.current?.close()}>
        {t('action.close')}
      </button>
    </dialog>
  );
}

function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return !!element && (element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName));
}

function useShortcuts(navigate: (to: string) => void, toggleHelp: () => void): void {
  useEffect(() => {
    let pendingG = 0;
    const onKey = (event: KeyboardEvent) => {
      if (event.metaKey || event.ctrlKey || event.altKey || isTyping(event.target)) return;
      if (event.key === '?') return toggleHelp();
      if (event.key === '/') {
        const search = document.querySelector<HTMLInputElement>('[data-search]');
        if (search) {
          event.preventDefault();
          search.focus();
        }
        return;
      }
      if (event.key === 'g') {
        pendingG = Date.now();
        return;
      }
      if (Date.now() - pendingG < 1200) {
        const item = NAV.find((entry) => entry.key === event.key);
        pendingG = 0;
        if (item) navigate(item.href);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navigate, toggleHelp]);
}

/** After a client-side navigation, focus moves to the new page's heading so screen readers announce it. */
function useFocusOnNavigate(location: string): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => document.getElementById('page-title')?.focus({ preventScroll: false }), 50);
    return () => clearTimeout(timer);
  }, [location]);
}

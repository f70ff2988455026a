// A modal dialog on the native <dialog>: showModal keeps focus inside and Escape closes it (its
// cancel event); focus goes to the first field (or [data-autofocus]) on open and back to the
// control that opened it on close.
import { ReactNode, useEffect, useId, useRef } from 'react';

export function Dialog({
  title,
  onClose,
  children,
  describedBy,
  returnFocus,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  describedBy?: string;
  /** Where focus goes on close when not the control focused at open (a dialog opened by a deep link). */
  returnFocus?: () => HTMLElement | null | undefined;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    const first =
      element?.querySelector<HTMLElement>('[data-autofocus]') ??
      element?.querySelector<HTMLElement>('input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])');
    first?.focus();
    return () => {
      // The opener may be gone (a row that changed): the page heading then.
      const target = returnFocus?.() ?? (opener?.isConnected && opener !== document.body ? opener : null);
      (target?.isConnected ? target : document.getElementById('page-title'))?.focus();
    };
    // Once per dialog: returnFocus is read when it closes.
  }, []);
  return (
    <dialog ref={dialog} className="dialog" aria-labelledby={titleId} aria-describedby={describedBy} onClose={onClose}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}

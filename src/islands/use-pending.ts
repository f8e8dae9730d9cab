// The busy state of a form that posts natively: set on submit, and cleared again when the page
// comes back from the back/forward cache (a restored page must not keep a busy button).
import { useEffect, useState } from 'react';

export function usePending(): [boolean, (pending: boolean) => void] {
  const [pending, setPending] = useState(false);
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => event.persisted && setPending(false);
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);
  return [pending, setPending];
}

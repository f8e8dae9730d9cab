// Logout as a form post, so it works without JavaScript (the member menu and the admin bar).
import { API } from '../paths';

export function LogoutForm({ className }: { className: string }) {
  return (
    <form method="post" action={API.logout}>
      <button type="submit" className={className}>
        Logout
      </button>
    </form>
  );
}

import { PATHS } from '../paths';
import { AuthLayout } from './AuthLayout';

export function NotFoundPage() {
  return (
    <AuthLayout>
      <div className="card auth-card">
        <h1 className="card-title">404 Page Not Found</h1>
        <p>Did you forget to add the page to the router?</p>
        <a className="button button-primary" href={PATHS.dashboard}>
          Go to Dashboard
        </a>
      </div>
    </AuthLayout>
  );
}

export function ErrorPage({ status, message }: { status: number; message: string }) {
  return (
    <AuthLayout>
      <div className="card auth-card" role="alert">
        <h1 className="card-title">{status === 403 ? 'Not allowed' : 'Something went wrong'}</h1>
        <p>{message}</p>
        <a className="button button-primary" href={PATHS.dashboard}>
          Go to Dashboard
        </a>
      </div>
    </AuthLayout>
  );
}

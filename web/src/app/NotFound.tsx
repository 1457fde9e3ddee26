import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import './NotFound.css';

export function NotFound() {
  return (
    <div className="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>This battlefield doesn't exist</h1>
      <p>The page you were looking for has moved or never was.</p>
      <Link to={paths.home} className="btn btn--primary">
        Back to home
      </Link>
    </div>
  );
}

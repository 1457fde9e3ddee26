import './Avatar.css';

interface AvatarProps {
  name: string;
  picture?: string | null;
  size?: 'sm' | 'md' | 'lg';
}

/** The picture when there is one, else the first letter of the name. */
export function Avatar({ name, picture, size = 'md' }: AvatarProps) {
  const className = `avatar avatar--${size}`;
  if (picture) return <img className={className} src={picture} alt="" />;
  return (
    <span className={className} aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

import type { ChangeEvent } from 'react';
import { PROFILE_PICTURE_MAX_BYTES, type User } from '@warriors/contracts';
import { Alert } from '../../components/Alert';
import { Avatar } from '../../components/Avatar';
import { errorMessage } from '../../lib/api-error';
import { useFeedback } from '../../lib/use-feedback';
import { useUploadProfilePictureMutation } from './api';
import './profile.css';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('Unexpected file content')));
    reader.onerror = () => reject(reader.error ?? new Error('Failed to read file'));
    reader.readAsDataURL(file);
  });
}

export function AvatarUpload({ user }: { user: User }) {
  const [upload, { isLoading }] = useUploadProfilePictureMutation();
  const { feedback, succeed, fail } = useFeedback();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared so choosing the same file again still fires a change.
    input.value = '';
    if (!file) return;
    if (file.size >= PROFILE_PICTURE_MAX_BYTES) {
      fail('File size must be less than 5MB');
      return;
    }
    let dataUrl: string;
    try {
      dataUrl = await readAsDataUrl(file);
    } catch {
      fail('Failed to read file');
      return;
    }
    try {
      await upload({ profile_picture: dataUrl }).unwrap();
      succeed('Profile picture uploaded successfully!');
    } catch (error) {
      fail(errorMessage(error, 'Failed to upload profile picture'));
    }
  };

  return (
    <div className="avatar-upload">
      <Avatar name={user.name} picture={user.profile_picture} size="lg" />
      <div className="avatar-upload__body">
        <p className="avatar-upload__name">{user.name}</p>
        <p className="muted">@{user.username}</p>
        <label htmlFor="profile-picture" className="btn btn--secondary btn--small file-button">
          {isLoading ? 'Uploading...' : 'Change photo'}
        </label>
        <input id="profile-picture" className="visually-hidden" type="file" accept="image/*" onChange={choose} disabled={isLoading} />
        <p className="hint">PNG, JPEG, WebP or GIF, under 5MB.</p>
        {feedback && <Alert tone={feedback.tone}>{feedback.text}</Alert>}
      </div>
    </div>
  );
}

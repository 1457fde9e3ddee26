import { render, screen } from '@testing-library/react';
import { TextField } from './TextField';

describe('TextField', () => {
  it('labels its control and names the hint as its description', () => {
    render(<TextField id="planted-note" label="Note" as="textarea" hint="At least 10 characters." defaultValue="" />);
    const note = screen.getByLabelText('Note');
    expect(note.tagName).toBe('TEXTAREA');
    expect(note).toHaveAccessibleDescription('At least 10 characters.');
  });

  it('leaves a control without a hint undescribed, and shows what comes after it', () => {
    render(<TextField id="planted-count" label="Count" type="number" defaultValue="3" after={<p>Extra</p>} />);
    expect(screen.getByLabelText('Count')).not.toHaveAttribute('aria-describedby');
    expect(screen.getByText('Extra')).toBeInTheDocument();
  });
});

import { useMemo, type ChangeEventHandler } from 'react';
import { timeZoneOptions, zoneName } from '../lib/time-zones';
import { TextField } from './TextField';

/** The Timezone select: every IANA zone, the device's first when `suggested` names it ('(this device)'). */
export function TimeZoneField({ id, value, onChange, suggested }: { id: string; value: string; onChange: ChangeEventHandler<HTMLSelectElement>; suggested?: string }) {
  const zones = useMemo(() => timeZoneOptions(value, suggested), [value, suggested]);
  return (
    <TextField id={id} label="Timezone" as="select" value={value} onChange={onChange}>
      {zones.map((zone) => (
        <option key={zone} value={zone}>
          {zone === suggested ? `${zoneName(zone)} (this device)` : zoneName(zone)}
        </option>
      ))}
    </TextField>
  );
}

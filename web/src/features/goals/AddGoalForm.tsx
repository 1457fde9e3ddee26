import { useId, useState, type FormEvent } from 'react';
import {
  CAMPAIGN_ICONS,
  DASHBOARD_COUNT_MAX,
  GOAL_ACTIVITY_TYPES,
  GOAL_DURATION_OPTIONS,
  generatedGoalName,
  periodLabel,
  type Campaign,
  type CampaignIcon,
  type GoalItem,
} from '@warriors/contracts';
import { ActivityCountPicker } from '../../components/ActivityCountPicker';
import { Button } from '../../components/Button';
import { tabId, Tabs } from '../../components/Tabs';
import { errorMessage } from '../../lib/api-error';
import { FormErrors } from '../../components/FormErrors';
import { TextField } from '../../components/TextField';
import { useCreateGoalMutation } from './api';
import { JoinableGoalCard } from './GoalCard';
import { dashboardCountOnBlur, dashboardGoals, validateDashboardGoal, type CountSelection } from './goal-rules';
import './goals.css';
import { GOAL_ICONS } from '../../components/icons/activity-icons';
import { Icon } from '../../components/icons/icon';
import { counted } from '../../lib/counted';

/** The ten icons of spec point 9; the stats screen offers all twelve. */
const DASHBOARD_ICONS = CAMPAIGN_ICONS.slice(0, 10);

/** The id of the name field, which the Log Activity lock focuses to bring the user here. */
export const ADD_GOAL_FIELD_ID = 'add-goal-name';

type AddGoalTab = 'custom' | 'prebuilt';
const addGoalTabs = (prebuiltLabel: string): ReadonlyArray<{ id: AddGoalTab; label: string }> => [
  { id: 'custom', label: 'Custom Goal' },
  { id: 'prebuilt', label: prebuiltLabel },
];

const durationText = (days: number) => `${periodLabel(days)} (${counted(days, 'day')})`;

export interface CreatedGoal {
  durationDays: number;
  icon: CampaignIcon;
  goals: GoalItem[];
}

function CustomGoalForm({ onCreated, icons }: { onCreated: (goal: CreatedGoal) => void; icons: readonly CampaignIcon[] }) {
  const formId = useId();
  const [name, setName] = useState('');
  const [durationDays, setDurationDays] = useState<number>(GOAL_DURATION_OPTIONS[0]);
  const [icon, setIcon] = useState<CampaignIcon>('target');
  const [selection, setSelection] = useState<CountSelection>({});
  const [errors, setErrors] = useState<string[]>([]);
  const [createGoal, { isLoading }] = useCreateGoalMutation();
  const goals = dashboardGoals(selection);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validateDashboardGoal(selection);
    setErrors(problems);
    if (problems.length > 0) return;
    try {
      await createGoal({ name: name.trim() || null, duration_days: durationDays, icon, goals }).unwrap();
    } catch (error) {
      setErrors([errorMessage(error, 'Failed to create goal')]);
      return;
    }
    setName('');
    setSelection({});
    onCreated({ durationDays, icon, goals });
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Custom Goal">
      <FormErrors errors={errors} />
      <div className="form__row">
        <TextField
          id={ADD_GOAL_FIELD_ID}
          label="Goal name (optional)"
          value={name}
          maxLength={120}
          onChange={(event) => setName(event.target.value)}
          placeholder={goals.length > 0 ? generatedGoalName(durationDays, goals) : 'Auto-named if left blank'}
        />
        <TextField id={`${formId}-duration`} label="Duration" as="select" value={durationDays} onChange={(event) => setDurationDays(Number(event.target.value))}>
          {GOAL_DURATION_OPTIONS.map((days) => (
            <option key={days} value={days}>
              {durationText(days)}
            </option>
          ))}
        </TextField>
      </div>
      <fieldset className="icon-picker">
        <legend>Icon</legend>
        {/* Two even rows (10 icons: 5 and 5; 12: 6 and 6), never a lone icon on a line of its own. */}
        <div className="icon-picker__options" style={{ gridTemplateColumns: `repeat(${Math.ceil(icons.length / 2)}, 44px)` }}>
          {icons.map((key) => (
            <label key={key} className="icon-picker__option" title={key}>
              <input type="radio" name={`${formId}-icon`} value={key} checked={icon === key} onChange={() => setIcon(key)} aria-label={key} />
              <Icon icon={GOAL_ICONS[key]} size={22} />
            </label>
          ))}
        </div>
      </fieldset>
      <ActivityCountPicker
        types={GOAL_ACTIVITY_TYPES}
        idPrefix={`${formId}-activity`}
        legend="Activities"
        selection={selection}
        onChange={setSelection}
        onCountBlur={dashboardCountOnBlur}
        max={DASHBOARD_COUNT_MAX}
      />
      <div>
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Adding...' : 'Add Goal'}
        </Button>
      </div>
    </form>
  );
}

interface PrebuiltGoalsProps {
  available: readonly Campaign[];
  now: Date;
  busy: boolean;
  onJoin: (campaign: Campaign) => void;
}

function PrebuiltGoals({ available, now, busy, onJoin }: PrebuiltGoalsProps) {
  const catalog = available.filter((campaign) => campaign.kind !== 'custom');
  if (catalog.length === 0) return <p className="empty-state">You've joined every prebuilt goal. Finish them strong!</p>;
  return (
    <ul className="goal-list">
      {catalog.map((campaign) => (
        <JoinableGoalCard key={campaign.campaign_id} goal={campaign} now={now} busy={busy} onJoin={onJoin} />
      ))}
    </ul>
  );
}

interface AddGoalFormProps extends PrebuiltGoalsProps {
  onCreated: (goal: CreatedGoal) => void;
  /** The dashboard offers ten icons under 'Prebuilt Goals'; My Stats twelve under 'Presets'. */
  icons?: readonly CampaignIcon[];
  prebuiltLabel?: string;
  label?: string;
}

/** Add Goal: design a goal, or join one of the prebuilt and power campaigns. */
export function AddGoalForm({ onCreated, icons = DASHBOARD_ICONS, prebuiltLabel = 'Prebuilt Goals', label = 'Add Goal', ...prebuilt }: AddGoalFormProps) {
  const [tab, setTab] = useState<AddGoalTab>('custom');
  const panelId = useId();
  return (
    <section className="add-goal" aria-label={label}>
      <Tabs label={label} tabs={addGoalTabs(prebuiltLabel)} selected={tab} onSelect={setTab} panelId={panelId} />
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(panelId, tab)} className="add-goal__panel">
        {tab === 'custom' ? <CustomGoalForm onCreated={onCreated} icons={icons} /> : <PrebuiltGoals {...prebuilt} />}
      </div>
    </section>
  );
}

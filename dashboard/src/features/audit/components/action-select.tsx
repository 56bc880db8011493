import { SelectField } from '../../../components/form/select-field.tsx';
import { actionFilterGroups, actionFilterLabel } from '../audit-action-filter.ts';

/** The actions the console records, grouped by area, in the words of the log's rows; none chosen means any. */
export function ActionSelect({ value }: { value: string }) {
  const unlisted = value !== '' && actionFilterLabel(value) === null;
  return (
    <SelectField label="Action" name="action" defaultValue={value}>
      <option value="">Any action</option>
      {unlisted && <option value={value}>{`As in the link: ${value}`}</option>}
      {actionFilterGroups.map((group) => (
        <optgroup key={group.label} label={group.label}>
          {group.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </optgroup>
      ))}
    </SelectField>
  );
}

import { useFormContext } from "react-hook-form";
import { Field, Input, Select } from "#client/components/ui/form.tsx";
import { DUPLICATE_POLICIES } from "#shared/flashcards/contract.ts";
import { DUPLICATE_LABELS, type ImportFormValues } from "./import-form.ts";

/** Format, separators or delimiter, and what to do with bad lines and duplicates. */
export function ImportFields() {
  const { register, watch, formState } = useFormContext<ImportFormValues>();
  const [format, term, row] = watch(["format", "term", "row"]);
  const { errors } = formState;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field id="import-format" label="Format">
        <Select id="import-format" {...register("format")}>
          <option value="text">Text with separators (Quizlet)</option>
          <option value="csv">CSV (spreadsheet)</option>
          <option value="anki">Anki plain text</option>
        </Select>
      </Field>
      {format === "csv" && (
        <Field
          id="import-delimiter"
          label="Delimiter"
          hint="Taken from a .csv or .tsv file; choose for others"
        >
          <Select id="import-delimiter" {...register("delimiter")}>
            <option value=",">Comma</option>
            <option value=";">Semicolon</option>
            <option value={"\t"}>Tab</option>
            <option value="|">Pipe</option>
          </Select>
        </Field>
      )}
      {format === "text" && (
        <>
          <Field id="term-separator" label="Between term and definition">
            <Select id="term-separator" {...register("term")}>
              <option value="tab">Tab</option>
              <option value="comma">Comma</option>
              <option value="dash">Dash</option>
              <option value="custom">Custom</option>
            </Select>
          </Field>
          <Field id="row-separator" label="Between cards">
            <Select id="row-separator" {...register("row")}>
              <option value="newline">New line</option>
              <option value="semicolon">Semicolon</option>
              <option value="custom">Custom</option>
            </Select>
          </Field>
          {term === "custom" && (
            <Field id="term-custom" label="Custom term separator" error={errors.termCustom?.message}>
              <Input id="term-custom" {...register("termCustom")} />
            </Field>
          )}
          {row === "custom" && (
            <Field id="row-custom" label="Custom card separator" error={errors.rowCustom?.message}>
              <Input id="row-custom" {...register("rowCustom")} />
            </Field>
          )}
        </>
      )}
      <Field id="import-duplicates" label="Flashcards already in the set (same front)">
        <Select id="import-duplicates" {...register("duplicates")}>
          {DUPLICATE_POLICIES.map((p) => (
            <option key={p} value={p}>
              {DUPLICATE_LABELS[p]}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="import-bad-lines" label="Lines that cannot be read">
        <Select id="import-bad-lines" {...register("badLines")}>
          <option value="refuse">Stop: import nothing</option>
          <option value="skip">Skip them and report</option>
        </Select>
      </Field>
    </div>
  );
}

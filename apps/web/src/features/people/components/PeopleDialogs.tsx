import { DeleteDialog } from '../../../components/DeleteDialog';
import { ResultDialog } from '../../../components/ResultDialog';
import type { usePeopleCatalogue } from './use-people-catalogue';

/** A people screen's dialogs: the one-time passwords, the delete confirmation, the results and an import's summary. */
export function PeopleDialogs<T extends { id: number; full_name: string; email: string }>({
  people,
  deleteTitle,
  deleteQuestion,
}: {
  people: ReturnType<typeof usePeopleCatalogue<T>>;
  deleteTitle: string;
  deleteQuestion: string;
}) {
  return (
    <>
      {people.credentials.dialogs}
      <DeleteDialog
        deletion={people.deletion}
        title={deleteTitle}
        question={deleteQuestion}
        name={(u) => u.full_name}
      />
      <ResultDialog {...people.feedback.dialogProps} />
      <ResultDialog result={people.summary} onClose={people.closeSummary} />
    </>
  );
}

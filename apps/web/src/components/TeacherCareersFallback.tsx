import { Alert } from '@mantine/core';
import { RUBRIC_MSG } from '@egreso/domain';
import { PageHeader } from './PageHeader';
import { PageLoader } from './PageLoader';

/**
 * A teacher screen in place of its body while the teacher's careers (`useMyCareers`) are not there to choose from:
 * its header over the loader, the load error or the notice that the teacher has no career. Render it while
 * `!careers.isSuccess || careers.data.length === 0`.
 */
export function TeacherCareersFallback({
  title,
  careers,
}: {
  title: string;
  careers: { isPending: boolean; isError: boolean };
}) {
  return (
    <>
      <PageHeader title={title} />
      {careers.isPending ? (
        <PageLoader />
      ) : careers.isError ? (
        <Alert color="red" role="alert">
          Error al cargar tus carreras.
        </Alert>
      ) : (
        <Alert color="yellow">{RUBRIC_MSG.noCareer}</Alert>
      )}
    </>
  );
}

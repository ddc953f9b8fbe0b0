import { Button, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { ResultDialog } from '../../../components/ResultDialog';
import { errorText } from '../../../lib/errors';
import { useFeedback } from '../../../lib/use-feedback';
import { useStudentId } from '../../../lib/student-id';
import { downloadMyData, useAttributeProfile, useGlobalReport } from '../api/student-global';
import { AttributeProfileList } from '../components/AttributeProfileList';
import { GlobalAttributeChart } from '../components/GlobalAttributeChart';
import { useDownload } from '../components/use-download';

/** 'Reportes Generales': the global average per attribute, the attribute profile and the download of the student's data. */
export default function StudentReportsPage() {
  const userId = useStudentId();
  const report = useGlobalReport(userId);
  const profile = useAttributeProfile(userId);
  const feedback = useFeedback();
  const myData = useDownload((err) => feedback.error(errorText('Error descargando tus datos', err)));
  // A failed load empties the chart (spec §8); the failure is only logged.
  useEffect(() => {
    if (report.error) console.error(report.error);
  }, [report.error]);

  const atributos = report.data?.atributos ?? [];
  return (
    <>
      <PageHeader
        title="Reportes Generales"
        subtitle="Tus promedios por atributo de egreso y de dónde salen"
        actions={
          <Button variant="default" onClick={() => myData.download(() => downloadMyData(userId))} loading={myData.busy}>
            Descargar mis datos
          </Button>
        }
      />
      <Stack gap="xl">
        <section aria-labelledby="global-title">
          <Title order={3} id="global-title" mb="sm">
            Promedios Globales por Atributo de Egreso
          </Title>
          {report.isPending ? (
            <PageLoader text="Cargando reporte..." />
          ) : atributos.length === 0 ? (
            <Text c="dimmed">Aún no tienes calificaciones por atributo.</Text>
          ) : (
            <GlobalAttributeChart atributos={atributos} />
          )}
        </section>
        <section aria-labelledby="profile-title">
          <Title order={3} id="profile-title" mb="xs">
            Perfil de atributos
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            Tu calificación de cada atributo en cada materia y periodo que lo evaluó.
          </Text>
          {profile.isPending ? (
            <PageLoader text="Cargando perfil..." />
          ) : (profile.data?.atributos.length ?? 0) === 0 ? (
            <Text c="dimmed">Aún no tienes calificaciones por atributo.</Text>
          ) : (
            <AttributeProfileList atributos={profile.data!.atributos} />
          )}
        </section>
      </Stack>
      <ResultDialog {...feedback.dialogProps} />
    </>
  );
}

import { RUBRIC_MSG, type EvaluationScale, type RubricTree } from '@egreso/domain';
import { writeWorkbookSheets, type CellValue } from '../../lib/xlsx.js';

/** A file name without characters that browsers or file systems refuse (each run of them becomes one '_'). */
function safeName(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9-]+/g, '_')
      .replace(/^_|_$/g, '')
      .slice(0, 80) || 'rubrica'
  );
}

/** Per attribute, one row per criterion (with its first indicator and the description of each scale), then one per further indicator. */
function rubricRows(tree: RubricTree, scales: EvaluationScale[]): CellValue[][] {
  const rows: CellValue[][] = [];
  for (const attribute of tree.atributos) {
    const attributeLabel = attribute.codigo
      ? `${attribute.codigo} - ${attribute.attribute_name}`
      : attribute.attribute_name;
    if (attribute.evaluationcriterias.length === 0) {
      rows.push([attributeLabel, 'Sin criterios']);
      continue;
    }
    for (const c of attribute.evaluationcriterias) {
      const descriptions = scales.map(
        (s) => c.evaluation_scales.find((e) => e.scale_id === s.id)?.custom_description ?? RUBRIC_MSG.noDescription,
      );
      const first = c.indicators[0];
      rows.push([
        attributeLabel,
        c.name_criterion,
        c.weight,
        first?.description ?? '',
        first?.weight ?? '',
        ...descriptions,
      ]);
      for (const i of c.indicators.slice(1))
        rows.push([attributeLabel, c.name_criterion, c.weight, i.description, i.weight]);
    }
  }
  return rows;
}

/**
 * The rubric as students receive it: a heading block, then per attribute one row per criterion followed by its
 * indicators, and one column per evaluation scale with the criterion's description; landscape, one page wide.
 */
export async function rubricWorkbook(
  tree: RubricTree,
  scales: EvaluationScale[],
): Promise<{ buffer: Buffer; filename: string }> {
  const scaleHeaders = scales.map((s) => `${s.scale_name} (${s.max_value}-${s.min_value})`);
  const buffer = await writeWorkbookSheets(
    [
      {
        name: 'Rúbrica',
        pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
        heading: [
          { values: [`Rúbrica y Matriz de Evaluación - ${tree.subject_name}`], font: { bold: true, size: 14 } },
          {
            values: [
              `Grupo: ${tree.group_name ?? 'Sin grupo'}`,
              `Periodo: ${tree.period_name ?? 'Sin periodo'}`,
              `Profesor(a): ${tree.teacher_name}`,
            ],
          },
          { values: [] },
        ],
        header: [
          'Atributo',
          'Criterio',
          'Peso del criterio (%)',
          'Indicador',
          'Peso del indicador (%)',
          ...scaleHeaders,
        ],
        headerFill: 'FFE9ECEF',
        rows: rubricRows(tree, scales),
        widths: [28, 30, 12, 40, 12, ...scaleHeaders.map(() => 36)],
        wrap: 'all',
      },
    ],
    { creator: tree.teacher_name },
  );
  return {
    buffer,
    filename: `rubrica_${safeName(tree.subject_name)}_${safeName(tree.group_name ?? 'sin_grupo')}.xlsx`,
  };
}

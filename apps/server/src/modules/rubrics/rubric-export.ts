import ExcelJS from 'exceljs';
import { RUBRIC_MSG, type EvaluationScale, type RubricTree } from '@egreso/domain';

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

/**
 * The rubric as students receive it: a heading block, then per attribute one row per criterion followed by its
 * indicators, and one column per evaluation scale with the criterion's description.
 */
export async function rubricWorkbook(
  tree: RubricTree,
  scales: EvaluationScale[],
): Promise<{ buffer: Buffer; filename: string }> {
  const book = new ExcelJS.Workbook();
  book.creator = tree.teacher_name;
  const sheet = book.addWorksheet('Rúbrica', {
    pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  const scaleHeaders = scales.map((s) => `${s.scale_name} (${s.max_value}-${s.min_value})`);

  sheet.addRow([`Rúbrica y Matriz de Evaluación - ${tree.subject_name}`]).font = { bold: true, size: 14 };
  sheet.addRow([
    `Grupo: ${tree.group_name ?? 'Sin grupo'}`,
    `Periodo: ${tree.period_name ?? 'Sin periodo'}`,
    `Profesor(a): ${tree.teacher_name}`,
  ]);
  sheet.addRow([]);
  const header = sheet.addRow([
    'Atributo',
    'Criterio',
    'Peso del criterio (%)',
    'Indicador',
    'Peso del indicador (%)',
    ...scaleHeaders,
  ]);
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE9ECEF' } };
  });

  for (const attribute of tree.atributos) {
    const attributeLabel = attribute.codigo
      ? `${attribute.codigo} - ${attribute.attribute_name}`
      : attribute.attribute_name;
    if (attribute.evaluationcriterias.length === 0) {
      sheet.addRow([attributeLabel, 'Sin criterios']);
      continue;
    }
    for (const c of attribute.evaluationcriterias) {
      const descriptions = scales.map(
        (s) => c.evaluation_scales.find((e) => e.scale_id === s.id)?.custom_description ?? RUBRIC_MSG.noDescription,
      );
      const first = c.indicators[0];
      sheet.addRow([
        attributeLabel,
        c.name_criterion,
        c.weight,
        first?.description ?? '',
        first?.weight ?? '',
        ...descriptions,
      ]);
      for (const i of c.indicators.slice(1))
        sheet.addRow([attributeLabel, c.name_criterion, c.weight, i.description, i.weight]);
    }
  }
  const widths = [28, 30, 12, 40, 12, ...scaleHeaders.map(() => 36)];
  widths.forEach((w, i) => {
    sheet.getColumn(i + 1).width = w;
    sheet.getColumn(i + 1).alignment = { wrapText: true, vertical: 'top' };
  });
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  return {
    buffer,
    filename: `rubrica_${safeName(tree.subject_name)}_${safeName(tree.group_name ?? 'sin_grupo')}.xlsx`,
  };
}

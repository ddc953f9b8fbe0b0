import type React from 'react';
import { errorText } from './errors';
import { useConfirmDelete } from './use-confirm-delete';
import { useFeedback } from './use-feedback';
import { useForm, useFormModal, type FormState, type UseFormOptions } from './use-form';

/** The Spanish texts of a catalogue screen's 'Éxito' / 'Error' dialogs; the error texts are prefixes for `errorText`. */
export interface CatalogueMessages {
  registered: string;
  updated: string;
  deleted: string;
  deleteError: string;
}

export interface CatalogueFormMessages extends CatalogueMessages {
  createError: string;
  updateError: string;
}

/** Feedback plus the ask/confirm/delete steps of a row, reporting the delete through the feedback dialog. */
function useCatalogueDeletion<T>(remove: (row: T) => Promise<unknown>, messages: CatalogueMessages) {
  const feedback = useFeedback();
  const deletion = useConfirmDelete(
    async (row: T) => {
      await remove(row);
      feedback.success(messages.deleted);
    },
    (err) => feedback.error(errorText(messages.deleteError, err)),
  );
  return { feedback, deletion };
}

/** value/onChange/errors of a catalogue's fields component (AttributeFields, GroupFields, SubjectFields). */
function fieldsOf<V>(form: FormState<V, unknown>) {
  return { value: form.values, onChange: form.setValues, errors: form.errors };
}

export interface CataloguePageOptions<T extends { id: number }, V, CB, UB> {
  /** The options of the inline 'Nuevo …' form and of the 'Editar …' modal's form. */
  createForm: UseFormOptions<V, CB>;
  editForm: UseFormOptions<V, UB>;
  /** The edit form's values for a row. */
  toDraft: (row: T) => V;
  create: (body: CB, values: V) => Promise<unknown>;
  update: (id: number, body: UB, values: V) => Promise<unknown>;
  remove: (row: T) => Promise<unknown>;
  messages: CatalogueFormMessages;
}

/**
 * The controller of a catalogue screen with an inline create form and an edit modal: both forms, the modal, the
 * delete confirmation and the result dialog, each save and delete reported in Spanish.
 * Spread `createCardProps` on the CreateFormCard and `editModalProps` on the FormModal, `draftFields` and `editFields`
 * on their fields; wire `openEdit(row)` to 'Editar'.
 */
export function useCataloguePage<T extends { id: number }, V extends object, CB, UB>(
  options: CataloguePageOptions<T, V, CB, UB>,
) {
  const { messages } = options;
  const { feedback, deletion } = useCatalogueDeletion(options.remove, messages);
  const draft = useForm(options.createForm);
  const editModal = useFormModal<T>();
  const edit = useForm(options.editForm);

  const create = async (e?: React.FormEvent) => {
    e?.preventDefault();
    const saved = await draft.submit(options.create, (err) => feedback.error(errorText(messages.createError, err)));
    if (!saved) return;
    draft.reset();
    feedback.success(messages.registered);
  };

  const openEdit = (row: T) => {
    edit.reset(options.toDraft(row));
    editModal.open(row);
  };

  const update = async () => {
    const target = editModal.editing;
    if (!target) return;
    const saved = await edit.submit(
      (body, values) => options.update(target.id, body, values),
      (err) => feedback.error(errorText(messages.updateError, err)),
    );
    if (!saved) return;
    editModal.close();
    feedback.success(messages.updated);
  };

  return {
    draft,
    edit,
    editModal,
    deletion,
    create,
    openEdit,
    update,
    feedback,
    /** 'Editar' opens the edit modal, 'Eliminar' asks; spread into ResponsiveTable's rowActions. */
    rowActions: { onEdit: openEdit, onDelete: deletion.ask },
    createCardProps: { onSubmit: create, saving: draft.submitting, failure: draft.failure },
    editModalProps: {
      opened: editModal.opened,
      onClose: editModal.close,
      onSubmit: update,
      saving: edit.submitting,
      failure: edit.failure,
    },
    draftFields: fieldsOf(draft),
    editFields: fieldsOf(edit),
  };
}

/**
 * The controller of a catalogue screen whose create and edit share one modal that saves by itself ('Nueva …' opens
 * it empty, 'Editar' with the row): the modal, the delete confirmation and the result dialog. Pass `saved` as the
 * modal's onSaved.
 */
export function useCatalogueModalPage<T>(options: {
  remove: (row: T) => Promise<unknown>;
  messages: CatalogueMessages;
}) {
  const { messages } = options;
  const { feedback, deletion } = useCatalogueDeletion(options.remove, messages);
  const form = useFormModal<T>();
  const saved = () => {
    feedback.success(form.editing ? messages.updated : messages.registered);
    form.close();
  };
  /** 'Editar' opens the modal with the row, 'Eliminar' asks; spread into ResponsiveTable's rowActions. */
  const rowActions = { onEdit: (row: T) => form.open(row), onDelete: deletion.ask };
  return { form, deletion, feedback, saved, rowActions };
}

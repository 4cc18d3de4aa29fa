/** The tree's items as the pickers and the admin's tree show them: icons, the filter box, 'Select Item'. */
export * from './ItemIcon';
export * from './FilterInput';
export * from './SelectItemDialog';

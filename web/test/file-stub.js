// Stands in for stylesheets and images imported by components under test.
export default {};

import TodoKit
// Placeholder until the command-line front end lands.
print("todofmt")

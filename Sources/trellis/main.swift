import TrellisCLI

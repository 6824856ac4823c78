import TrellisCLI

runAsMain()

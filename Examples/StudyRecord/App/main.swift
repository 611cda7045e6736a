// The Study record app: an app process launched by exthost (or by hand).
import AppProcess

AppMain.run(name: "StudyRecord", delegate: StudyRecordAppDelegate())

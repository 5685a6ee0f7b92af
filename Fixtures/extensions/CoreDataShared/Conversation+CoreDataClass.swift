//
//  Conversation+CoreDataClass.swift
//  Generated once by Xcode (Codegen: Manual/None), then kept in the project.
//

import Foundation
import CoreData

@objc(Conversation)
public class Conversation: NSManagedObject {

}

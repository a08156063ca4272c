module @IrToHlo.165 attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<18xf32>, %arg1: tensor<18x4xf32>, %arg2: tensor<2x3x4xf32>, %arg3: tensor<18xf32>, %arg4: tensor<18x6xf32>) -> (tensor<2x3x6xf32>, tensor<2x6xf32>) {
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<2x6xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<2x6xf32>
    %0 = stablehlo.slice %arg2 [0:2, 0:1, 0:4] : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
    %1 = stablehlo.reshape %0 : (tensor<2x1x4xf32>) -> tensor<2x4xf32>
    %2 = stablehlo.transpose %arg1, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[4,18]{0,1}"} : (tensor<18x4xf32>) -> tensor<4x18xf32>
    %3 = stablehlo.dot_general %1, %2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x18xf32>) -> tensor<2x18xf32>
    %4 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<18xf32>) -> tensor<2x18xf32>
    %5 = stablehlo.add %3, %4 : tensor<2x18xf32>
    %6 = stablehlo.slice %5 [0:2, 12:18] : (tensor<2x18xf32>) -> tensor<2x6xf32>
    %7 = stablehlo.transpose %arg4, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[6,18]{0,1}"} : (tensor<18x6xf32>) -> tensor<6x18xf32>
    %8 = stablehlo.dot_general %cst_0, %7, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x6xf32>, tensor<6x18xf32>) -> tensor<2x18xf32>
    %9 = stablehlo.broadcast_in_dim %arg3, dims = [1] : (tensor<18xf32>) -> tensor<2x18xf32>
    %10 = stablehlo.add %8, %9 : tensor<2x18xf32>
    %11 = stablehlo.slice %10 [0:2, 12:18] : (tensor<2x18xf32>) -> tensor<2x6xf32>
    %12 = stablehlo.slice %10 [0:2, 0:6] : (tensor<2x18xf32>) -> tensor<2x6xf32>
    %13 = stablehlo.slice %5 [0:2, 0:6] : (tensor<2x18xf32>) -> tensor<2x6xf32>
    %14 = stablehlo.add %12, %13 : tensor<2x6xf32>
    %15 = stablehlo.logistic %14 : tensor<2x6xf32>
    %16 = stablehlo.multiply %11, %15 : tensor<2x6xf32>
    %17 = stablehlo.add %6, %16 : tensor<2x6xf32>
    %18 = stablehlo.tanh %17 : tensor<2x6xf32>
    %19 = stablehlo.subtract %cst_0, %18 : tensor<2x6xf32>
    %20 = stablehlo.slice %10 [0:2, 6:12] : (tensor<2x18xf32>) -> tensor<2x6xf32>
    %21 = stablehlo.slice %5 [0:2, 6:12] : (tensor<2x18xf32>) -> tensor<2x6xf32>
    %22 = stablehlo.add %20, %21 : tensor<2x6xf32>
    %23 = stablehlo.logistic %22 : tensor<2x6xf32>
    %24 = stablehlo.multiply %19, %23 : tensor<2x6xf32>
    %25 = stablehlo.add %24, %18 : tensor<2x6xf32>
    %26 = stablehlo.slice %arg2 [0:2, 1:2, 0:4] : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
    %27 = stablehlo.reshape %26 : (tensor<2x1x4xf32>) -> tensor<2x4xf32>
    %28 = stablehlo.dot_general %27, %2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x18xf32>) -> tensor<2x18xf32>
    %29 = stablehlo.add %28, %4 : tensor<2x18xf32>
    %30 = stablehlo.slice %29 [0:2, 12:18] : (tensor<2x18xf32>) -> tensor<2x6xf32>
    %31 = stablehlo.dot_general %25, %7, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x6xf32>, tensor<6x18xf32>) -> tensor<2x18xf32>
    %32 = stablehlo.add %31, %9 : tensor<2x18xf32>
    %33 = stablehlo.slice %32 [0:2, 12:18] : (tensor<2x18xf32>) -> tensor<2x6xf32>
    %34 = stablehlo.slice %32 [0:2, 0:6] : (tensor<2x18xf32>) -> tensor<2x6xf32>
    %35 = stablehlo.slice %29 [0:2, 0:6] : (tensor<2x18xf32>) -> tensor<2x6xf32>
    %36 = stablehlo.add %34, %35 : tensor<2x6xf32>
    %37 = stablehlo.logistic %36 : tensor<2x6xf32>
    %38 = stablehlo.multiply %33, %37 : tensor<2x6xf32>
    %39 = stablehlo.add %30, %38 : tensor<2x6xf32>
    %40 = stablehlo.tanh %39 : tensor<2x6xf32>
    %41 = stablehlo.subtract %25, %40 : tensor<2x6xf32>
    %42 = stablehlo.slice %32 [0:2, 6:12] : (tensor<2x18xf32>) -> tensor<2x6xf32>
    %43 = stablehlo.slice %29 [0:2, 6:12] : (tensor<2x18xf32>) -> tensor<2x6xf32>
    %44 = stablehlo.add %42, %43 : tensor<2x6xf32>
    %45 = stablehlo.logistic %44 : tensor<2x6xf32>
    %46 = stablehlo.multiply %41, %45 : tensor<2x6xf32>
    %47 = stablehlo.add %46, %40 : tensor<2x6xf32>
    %48 = stablehlo.slice %arg2 [0:2, 2:3, 0:4] : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
    %49 = stablehlo.reshape %48 : (tensor<2x1x4xf32>) -> tensor<2x4xf32>
    %50 = stablehlo.dot_general %49, %2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x18xf32>) -> tensor<2x18xf32>
    %51 = stablehlo.add %50, %4 : tensor<2x18xf32>
    %52 = stablehlo.slice %51 [0:2, 12:18] : (tensor<2x18xf32>) -> tensor<2x6xf32>
    %53 = stablehlo.dot_general %47, %7, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x6xf32>, tensor<6x18xf32>) -> tensor<2x18xf32>
    %54 = stablehlo.add %53, %9 : tensor<2x18xf32>
    %55 = stablehlo.slice %54 [0:2, 12:18] : (tensor<2x18xf32>) -> tensor<2x6xf32>
    %56 = stablehlo.slice %54 [0:2, 0:6] : (tensor<2x18xf32>) -> tensor<2x6xf32>
    %57 = stablehlo.slice %51 [0:2, 0:6] : (tensor<2x18xf32>) -> tensor<2x6xf32>
    %58 = stablehlo.add %56, %57 : tensor<2x6xf32>
    %59 = stablehlo.logistic %58 : tensor<2x6xf32>
    %60 = stablehlo.multiply %55, %59 : tensor<2x6xf32>
    %61 = stablehlo.add %52, %60 : tensor<2x6xf32>
    %62 = stablehlo.tanh %61 : tensor<2x6xf32>
    %63 = stablehlo.subtract %47, %62 : tensor<2x6xf32>
    %64 = stablehlo.slice %54 [0:2, 6:12] : (tensor<2x18xf32>) -> tensor<2x6xf32>
    %65 = stablehlo.slice %51 [0:2, 6:12] : (tensor<2x18xf32>) -> tensor<2x6xf32>
    %66 = stablehlo.add %64, %65 : tensor<2x6xf32>
    %67 = stablehlo.logistic %66 : tensor<2x6xf32>
    %68 = stablehlo.multiply %63, %67 : tensor<2x6xf32>
    %69 = stablehlo.add %68, %62 : tensor<2x6xf32>
    %70 = stablehlo.concatenate %25, %47, %69, dim = 1 : (tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>) -> tensor<2x18xf32>
    %71 = stablehlo.reshape %70 : (tensor<2x18xf32>) -> tensor<2x3x6xf32>
    %72 = stablehlo.tanh %69 : tensor<2x6xf32>
    %73 = stablehlo.power %72, %cst : tensor<2x6xf32>
    %74 = stablehlo.logistic %69 : tensor<2x6xf32>
    %75 = stablehlo.rsqrt %74 : tensor<2x6xf32>
    %76 = stablehlo.add %73, %75 : tensor<2x6xf32>
    return %71, %76 : tensor<2x3x6xf32>, tensor<2x6xf32>
  }
}
